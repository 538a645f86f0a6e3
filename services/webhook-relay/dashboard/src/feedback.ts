// Two kinds of feedback, never mixed: a confirmation is a short toast (no control lies under it: it lets clicks
// through and sits in space the page keeps free); an error is shown where it happened, next to the form or
// button that failed, stays until that form or button succeeds, and is never a toast.

const CONFIRMATION_MS = 3000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A short confirmation ("Secret added"); errors go to an error region instead. */
export function notify(message: string): void {
  const area = document.getElementById('notices');
  if (!area) return;
  const notice = document.createElement('div');
  notice.className = 'notice';
  notice.textContent = message;
  area.append(notice);
  setTimeout(() => notice.remove(), CONFIRMATION_MS);
}

/** The place of one form's or button's error: shown with `show`, removed with `clear` (on the next success). */
export interface ErrorRegion {
  show(error: unknown): void;
  clear(): void;
}

/** An error region placed by `place` the first time an error is shown (e.g. at the end of a form). */
export function errorRegion(place: (region: HTMLElement) => void): ErrorRegion {
  let region: HTMLElement | null = null;
  return {
    show(error) {
      if (!region) {
        region = document.createElement('p');
        region.className = 'form-error';
        region.setAttribute('role', 'alert');
      }
      region.textContent = messageOf(error);
      if (!region.isConnected) place(region);
    },
    clear() {
      region?.remove();
    },
  };
}
