/**
 * What a visitor entered into the server's HTML before the page was live. On a slow connection the form is on
 * screen seconds before its scripts, and a subscriber types, ticks and chooses meanwhile. Hydration does not
 * put those entries in the page's state (and Preact writes a textarea's value from its props while it
 * attaches), so the page would show and send its own empty values: a chosen radio or a typed message would
 * vanish, and the submit stay disabled.
 *
 * Take the entries just before hydrating: every control whose state differs from what the server wrote (its
 * default value or checked state, which the browser keeps). The returned function, called in the commit that
 * attached the page, puts each entry back and hands it to the page with the event its handlers listen to, as
 * if entered now.
 */
export function takeEntriesBeforeLive(root: ParentNode): () => void {
  const entries = [...root.querySelectorAll('input, textarea, select')].flatMap(
    (control) => entryOf(control) ?? [],
  );
  return () => {
    for (const entry of entries) {
      entry.restore();
      entry.control.dispatchEvent(new Event(entry.event, { bubbles: true }));
    }
  };
}

type Entry = { control: Element; event: 'input' | 'change'; restore: () => void };

/** Controls whose value only a script or the server sets: nothing a visitor enters. */
const NOT_ENTERED = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file']);

function entryOf(control: Element): Entry | undefined {
  if (control instanceof HTMLSelectElement) return selectEntry(control);
  if (control instanceof HTMLTextAreaElement) return textEntry(control);
  if (!(control instanceof HTMLInputElement) || NOT_ENTERED.has(control.type)) return undefined;
  if (control.type === 'checkbox' || control.type === 'radio') {
    const checked = control.checked;
    // A radio fires on the one chosen only, as the browser does: the one it replaced follows.
    const changed =
      control.type === 'radio' ? checked && !control.defaultChecked : checked !== control.defaultChecked;
    return changed ? { control, event: 'change', restore: () => (control.checked = checked) } : undefined;
  }
  return textEntry(control);
}

/** Text is handed over with 'input', the event Preact's onChange of a text field listens to. */
function textEntry(control: HTMLInputElement | HTMLTextAreaElement): Entry | undefined {
  const value = control.value;
  if (value === control.defaultValue) return undefined;
  return { control, event: 'input', restore: () => (control.value = value) };
}

function selectEntry(select: HTMLSelectElement): Entry | undefined {
  const options = [...select.options];
  const selected = options.map((option) => option.selected);
  // A single select without a `selected` option starts on its first.
  const written = Math.max(
    0,
    options.findIndex((option) => option.defaultSelected),
  );
  const changed = select.multiple
    ? options.some((option) => option.selected !== option.defaultSelected)
    : options.length > 0 && select.selectedIndex !== written;
  if (!changed) return undefined;
  return {
    control: select,
    event: 'change',
    restore: () => options.forEach((option, i) => (option.selected = selected[i] ?? false)),
  };
}
