// Pages are built from elements, never from HTML strings: whatever a webhook carries is shown as text.
import { errorRegion, notify } from './feedback.js';

export { notify } from './feedback.js';

export type Child = Node | string | number | null | undefined | false | Child[];
type Props = Record<string, unknown>;

let nextId = 0;
export const uniqueId = (prefix: string) => `${prefix}-${++nextId}`;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props | null = null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') element.addEventListener(name.slice(2), value as EventListener);
    else if (name === 'class') element.className = String(value);
    else if (name === 'value' && 'value' in element) (element as HTMLInputElement).value = String(value);
    else if (name === 'checked' && element instanceof HTMLInputElement) element.checked = Boolean(value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children.flat(Number.POSITIVE_INFINITY as 1) as Child[]) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** A labelled control (label, control, then its hint, tied with aria-describedby). */
export function field(label: string, control: HTMLElement, hint?: string): HTMLDivElement {
  const id = control.id || uniqueId('field');
  control.id = id;
  let hintNode: HTMLElement | null = null;
  if (hint) {
    hintNode = h('span', { class: 'hint', id: `${id}-hint` }, hint);
    control.setAttribute('aria-describedby', hintNode.id);
  }
  return h('div', { class: 'field' }, h('label', { for: id }, label), control, hintNode);
}

export function checkbox(label: string, name: string, checked: boolean): HTMLLabelElement {
  const input = h('input', { type: 'checkbox', name, checked });
  return h('label', { class: 'inline' }, input, label);
}

export function select(name: string, options: Array<[value: string, label: string]>, selected = ''): HTMLSelectElement {
  return h('select', { name }, ...options.map(([value, label]) => h('option', { value, selected: value === selected }, label)));
}

/** A table; `rows` are its rows, or a tbody that a paged list fills as pages come. */
export function table(headers: Array<string | [string, string]>, rows: Node[] | HTMLTableSectionElement, caption?: string): HTMLElement {
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      null,
      caption ? h('caption', { class: 'visually-hidden' }, caption) : null,
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ...headers.map((header) =>
            Array.isArray(header) ? h('th', { scope: 'col', class: header[1] }, header[0]) : h('th', { scope: 'col' }, header),
          ),
        ),
      ),
      Array.isArray(rows) ? h('tbody', null, ...rows) : rows,
    ),
  );
}

export function badge(state: string, label = state.replace(/_/g, ' ')): HTMLElement {
  return h('span', { class: `badge state-${state}` }, label);
}

export function facts(entries: Array<[string, Child]>): HTMLDListElement {
  return h('dl', { class: 'facts' }, ...entries.flatMap(([term, value]) => [h('dt', null, term), h('dd', null, value ?? '—')]));
}

export function time(iso: string | null | undefined): Child {
  if (!iso) return '—';
  const date = new Date(iso);
  return h('time', { datetime: iso, title: iso }, date.toLocaleString());
}

export function link(href: string, label: Child): HTMLAnchorElement {
  return h('a', { href }, label);
}

/** Form values by name (checkboxes as booleans, empty strings as undefined). */
export function formValues(form: HTMLFormElement): Record<string, string | boolean | undefined> {
  const values: Record<string, string | boolean | undefined> = {};
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement)) continue;
    if (!element.name) continue;
    if (element instanceof HTMLInputElement && element.type === 'checkbox') values[element.name] = element.checked;
    else values[element.name] = element.value.trim() === '' ? undefined : element.value;
  }
  return values;
}

/** Runs a form's action with its button disabled; an error is shown at the end of the form until it succeeds. */
export function onSubmit(
  form: HTMLFormElement,
  action: (values: Record<string, string | boolean | undefined>) => Promise<void>,
): HTMLFormElement {
  const error = errorRegion((region) => form.append(region));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const buttons = Array.from(form.querySelectorAll('button'));
    for (const button of buttons) button.disabled = true;
    action(formValues(form))
      .then(() => error.clear())
      .catch((caught: unknown) => error.show(caught))
      .finally(() => {
        for (const button of buttons) button.disabled = false;
      });
  });
  return form;
}

export function actionButton(label: string, action: () => Promise<void>, kind: '' | 'quiet' | 'danger' = ''): HTMLButtonElement {
  const button = h('button', { type: 'button', class: kind || null }, label);
  const error = errorRegion((region) => button.after(region));
  button.addEventListener('click', () => {
    button.disabled = true;
    action()
      .then(() => error.clear())
      .catch((caught: unknown) => error.show(caught))
      .finally(() => {
        button.disabled = false;
      });
  });
  return button;
}

/** A button that asks first ([title, message, confirm label]) and runs `action` only on yes. */
export function confirmedButton(
  label: string,
  ask: [title: string, message: string, confirm: string],
  action: () => Promise<void>,
  kind: '' | 'quiet' | 'danger' = 'danger',
): HTMLButtonElement {
  return actionButton(
    label,
    async () => {
      if (await confirmAction(...ask)) await action();
    },
    kind,
  );
}

function openDialog(title: string, body: Child[], buttons: (close: (value: boolean) => void) => HTMLButtonElement[]): Promise<boolean> {
  return new Promise((resolve) => {
    const titleId = uniqueId('dialog-title');
    const dialog = h('dialog', { 'aria-labelledby': titleId });
    const close = (value: boolean) => {
      dialog.close();
      dialog.remove();
      resolve(value);
    };
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      close(false);
    });
    append(dialog, [h('h2', { id: titleId }, title), ...body, h('div', { class: 'row' }, ...buttons(close))]);
    document.body.append(dialog);
    dialog.showModal();
  });
}

/** Asks before something that cannot be undone; Escape or Cancel says no. */
export function confirmAction(title: string, message: string, confirmLabel: string): Promise<boolean> {
  return openDialog(title, [h('p', null, message)], (close) => [
    h('button', { type: 'button', class: 'quiet', onclick: () => close(false) }, 'Cancel'),
    h('button', { type: 'button', class: 'danger', onclick: () => close(true) }, confirmLabel),
  ]);
}

/** Shows a secret the API answers once (a new key, a signing secret), with a copy button. */
export function showOnce(title: string, secret: string, note: string): Promise<boolean> {
  const input = h('input', { class: 'secret', readonly: true, value: secret, 'aria-label': title });
  return openDialog(title, [h('p', null, note), input], (close) => [
    actionButton('Copy', () => copyText(secret), 'quiet'),
    h('button', { type: 'button', onclick: () => close(true) }, 'Done'),
  ]);
}

export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify('Copied to the clipboard');
  } catch {
    throw new Error('Could not copy: select the text and copy it yourself');
  }
}

export function download(fileName: string, bytes: Uint8Array, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const anchor = h('a', { href: url, download: fileName });
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
