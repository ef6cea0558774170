/**
 * Passwords of 8+ characters that appear at the top of leaked-password lists, Brazilian ones included
 * (senha, mudar, brasil, time names, keyboard walks). A new password matching one of them, ignoring
 * case, is refused. Small on purpose: it stops the guesses an attacker tries first.
 */
const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', '12341234', '11111111', '00000000', '88888888', '87654321',
  '123123123', '12121212', '11223344', '147258369', '159753456', '123456123', '1q2w3e4r', '1q2w3e4r5t',
  'qwertyui', 'qwerty123', 'qwertyuiop', 'asdfghjk', 'asdf1234', 'zaq12wsx', 'abc12345', 'abcd1234',
  'password', 'password1', 'password123', 'passw0rd', 'iloveyou', 'sunshine', 'princess', 'football',
  'baseball', 'superman', 'whatever', 'trustno1', 'letmein1', 'welcome1', 'admin123', 'administrator',
  'senha123', 'senha1234', 'senha12345', 'minhasenha', 'mudar123', 'mudar@123', 'mudarsenha', 'trocar123',
  'brasil123', 'brasil2024', 'brasil2025', 'brasil2026', 'flamengo', 'flamengo1', 'corinthians', 'palmeiras',
  'saopaulo', 'vasco123', 'gremio123', 'cruzeiro', 'santos123', 'botafogo', 'fluminense', 'internacional',
  'advogado', 'advogado1', 'advogado123', 'advogada', 'advogada123', 'direito123', 'jusconecta', 'oab12345',
  'amorzinho', 'meuamor1', 'teamo123', 'jesus123', 'deusefiel', 'familia1', 'familia123', 'felicidade',
  'q1w2e3r4', 'a1b2c3d4', 'aa123456', 'qwe12345', '1qaz2wsx', 'abc123456', 'p@ssw0rd', 's3nh@123',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
