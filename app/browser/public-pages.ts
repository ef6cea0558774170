/**
 * The public pages' own script (docs/decisions/0060). Those pages are rendered on the server only: no
 * React, no React Router, no hydration data in the browser. What they do in the browser is here, on
 * plain DOM, and each page works without it (every form posts, every link is a link):
 * - a form with `data-busy` shows that text on its submit button once sent ('Buscando...');
 * - a WhatsApp link with `data-whatsapp-click` tells the server about the click (a beacon);
 * - the mobile menu (`details[data-menu]`) closes with Escape and gives the focus back to its button;
 * - the toast (`[data-toast]`) goes after 6 s or with its button;
 * - the element marked `data-focus-on-load` (an error summary, an outcome) takes the focus;
 * - phone fields (`input[data-phone-mask]`) are masked while typed;
 * - the request form's list of lawyers follows its area and city (`form[data-lead-request]`).
 * Built by scripts/build-public-script.mjs; bench/js-size.ts weighs it with the page.
 */
import { maskPhoneField } from '~/components/ui/phone-mask';
import { reportWhatsAppClick } from '~/modules/lawyers/whatsapp-click';
import { enhanceLeadRequestForm } from './lead-request-form';

const TOAST_SECONDS = 6;

function busyForms(): void {
  const restore: Array<() => void> = [];
  document.addEventListener('submit', (event) => {
    const form = event.target as HTMLFormElement;
    const label = form.dataset.busy;
    if (!label || event.defaultPrevented) return;
    const button = (event.submitter as HTMLButtonElement | null) ?? form.querySelector<HTMLButtonElement>('button[type=submit]');
    if (!button || button.dataset.busyIgnore !== undefined) return;
    const before = button.textContent;
    button.textContent = label;
    // Not `disabled`: a disabled submitter would drop its name and value from the form's data.
    button.setAttribute('aria-disabled', 'true');
    restore.push(() => {
      button.textContent = before;
      button.removeAttribute('aria-disabled');
    });
  });
  // Back to a page kept by the browser (the back button): its buttons read as before the send.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) restore.splice(0).forEach((undo) => undo());
  });
}

function whatsappClicks(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-whatsapp-click]');
    if (link) reportWhatsAppClick(link.dataset.advogado ?? '', link.dataset.origem ?? '');
  });
}

function mobileMenu(): void {
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const menu = document.querySelector<HTMLDetailsElement>('details[data-menu][open]');
    if (!menu) return;
    menu.open = false;
    menu.querySelector('summary')?.focus();
  });
  // A click outside the open menu closes it, as a menu does.
  document.addEventListener('click', (event) => {
    const menu = document.querySelector<HTMLDetailsElement>('details[data-menu][open]');
    if (menu && !menu.contains(event.target as Node)) menu.open = false;
  });
}

function toast(): void {
  const box = document.querySelector<HTMLElement>('[data-toast]');
  if (!box) return;
  const hide = () => box.remove();
  box.querySelector('[data-toast-close]')?.addEventListener('click', hide);
  setTimeout(hide, TOAST_SECONDS * 1000);
}

function focusOnLoad(): void {
  const target = document.querySelector<HTMLElement>('[data-focus-on-load]');
  if (!target) return;
  target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
}

function phoneMasks(): void {
  document.addEventListener('input', (event) => {
    const input = event.target as HTMLInputElement;
    if (input.matches?.('input[data-phone-mask]')) maskPhoneField(input, (event as InputEvent).inputType ?? '');
  });
}

busyForms();
whatsappClicks();
mobileMenu();
toast();
phoneMasks();
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-lead-request]')) enhanceLeadRequestForm(form);
focusOnLoad();
// For tests and tools: the page's script has run.
document.documentElement.dataset.script = 'ready';
