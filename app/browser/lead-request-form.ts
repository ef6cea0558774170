/**
 * The request form's list of lawyers in the browser (/solicitar-atendimento; docs/decisions/0043, 0060).
 * The server renders the form, and the list when it knows the area and city; without this script the
 * client asks for the list with 'Ver advogados'. With it:
 * - choosing the area and the city fetches that pair's list, drawn by the server
 *   (`/api/advogados-solicitacao/lista`, the same for every visitor: cached), with 'Buscando advogados...'
 *   meanwhile;
 * - ticking and unticking keeps the count and, at the cap, disables the boxes not ticked;
 * - 'Enviar Solicitação' pressed while the list is on its way sends as soon as it is on the screen;
 * - the sentence the client agrees to follows what the list shows.
 * Markup contract: `form[data-lead-request]` (`data-advogado`: the profile's lawyer), the selects
 * `cidade` and `areaAtuacao`, `[data-lawyer-choice]` holding the list's fieldset (`data-shown-for`,
 * `data-cap`, its count line `[data-choice-count]`), the templates `template[data-choice-template]`
 * ('idle', 'loading'), and `#concordancia` with the three sentences in `data-unseen`, `data-chosen`,
 * `data-team`.
 */
import { choiceCountText, listShownFor } from '~/modules/leads/lead-requests';

export function enhanceLeadRequestForm(form: HTMLFormElement): void {
  const region = form.querySelector<HTMLElement>('[data-lawyer-choice]');
  const agreement = form.querySelector<HTMLElement>('#concordancia');
  const city = form.elements.namedItem('cidade') as HTMLSelectElement | null;
  const area = form.elements.namedItem('areaAtuacao') as HTMLSelectElement | null;
  const send = form.querySelector<HTMLButtonElement>('button[name=intent][value=enviar]');
  if (!region || !agreement || !city || !area || !send) return;

  const listFieldset = () => region.querySelector<HTMLFieldSetElement>('fieldset[data-shown-for]');
  let shownFor: string | null = listFieldset()?.dataset.shownFor ?? null;
  /** The list on its way (its pair), or null. */
  let pending: string | null = null;
  let sendWhenListed = false;
  let sequence = 0;
  /** The last list taken off the screen, with its ticks: choosing its pair again brings it back as it was. */
  let kept: { shownFor: string; node: Node } | null = null;

  const say = (sentence: 'unseen' | 'chosen' | 'team') => {
    agreement.textContent = agreement.dataset[sentence] ?? agreement.textContent;
  };
  const showPlaceholder = (kind: 'idle' | 'loading') => {
    const template = form.querySelector<HTMLTemplateElement>(`template[data-choice-template="${kind}"]`);
    const current = listFieldset();
    if (current && shownFor) kept = { shownFor, node: current };
    if (template) region.replaceChildren(template.content.cloneNode(true));
    shownFor = null;
    say('unseen');
  };
  const showList = (pair: string, content: Node | string) => {
    if (typeof content === 'string') region.innerHTML = content;
    else region.replaceChildren(content);
    shownFor = pair;
    const fieldset = listFieldset();
    say(fieldset && fieldset.querySelector('input[name=advogados]') ? 'chosen' : 'team');
    updateCount();
  };
  const sendNow = () => {
    if (!sendWhenListed) return;
    sendWhenListed = false;
    form.requestSubmit(send);
  };

  function updateCount(): void {
    const fieldset = listFieldset();
    if (!fieldset) return;
    const cap = Number(fieldset.dataset.cap);
    const boxes = [...fieldset.querySelectorAll<HTMLInputElement>('input[type=checkbox][name=advogados]')];
    const ticked = boxes.filter((box) => box.checked).length;
    const full = ticked >= cap;
    for (const box of boxes) if (!box.checked) box.disabled = full;
    const line = fieldset.querySelector('[data-choice-count]');
    if (line) line.textContent = choiceCountText(ticked, cap, boxes.length);
  }

  function choosePlace(): void {
    const wanted = area!.value && city!.value ? listShownFor(area!.value, city!.value) : null;
    if (wanted === shownFor || (wanted !== null && wanted === pending)) return;
    const id = ++sequence;
    if (wanted === null) {
      pending = null;
      showPlaceholder('idle');
      return;
    }
    if (kept?.shownFor === wanted) {
      const { node } = kept;
      showPlaceholder('idle');
      pending = null;
      showList(wanted, node);
      return;
    }
    showPlaceholder('loading');
    pending = wanted;
    const params = new URLSearchParams({ areaAtuacao: area!.value, cidade: city!.value });
    if (form.dataset.advogado) params.set('advogado', form.dataset.advogado);
    fetch(`/api/advogados-solicitacao/lista?${params}`)
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
      .then(
        (html) => {
          if (id !== sequence) return;
          pending = null;
          showList(wanted, html);
          sendNow();
        },
        () => {
          // Offline or a server error: the form is sent without a list (to the preselection, as the sentence says).
          if (id !== sequence) return;
          pending = null;
          showPlaceholder('idle');
          sendNow();
        },
      );
  }

  city.addEventListener('change', choosePlace);
  area.addEventListener('change', choosePlace);
  region.addEventListener('change', (event) => {
    if ((event.target as HTMLInputElement).name === 'advogados') updateCount();
  });
  form.addEventListener('submit', (event) => {
    if (pending === null) return;
    // 'Enviar Solicitação' while the list is on its way: sent as soon as it is on the screen.
    event.preventDefault();
    sendWhenListed = true;
    send.textContent = form.dataset.busy ?? send.textContent;
  });
  // A choice the browser kept (the back button) or made while the page was loading: its list now.
  choosePlace();
}
