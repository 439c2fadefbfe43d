import { describe, expect, it } from 'vitest';
import { takeEntriesBeforeLive } from './entries-before-live';

/** The server's HTML of a form, parsed as the browser parses it (defaults from the attributes). */
function serverForm(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `
    <input name="name" value="">
    <input name="city" value="Ikeja">
    <input type="hidden" name="attempt" value="a1">
    <input type="checkbox" name="consent">
    <input type="radio" name="topic" value="bills" checked>
    <input type="radio" name="topic" value="network">
    <textarea name="message"></textarea>
    <select name="rating"><option value="1">1</option><option value="2">2</option></select>`;
  return root;
}

/** Each event the controls receive, as `name:type`. */
function record(root: HTMLElement): string[] {
  const events: string[] = [];
  for (const type of ['input', 'change'])
    root.addEventListener(type, (event) => {
      events.push(`${(event.target as HTMLInputElement).name}:${type}`);
    });
  return events;
}

const control = <T extends Element>(root: HTMLElement, selector: string) => root.querySelector<T>(selector)!;

describe('takeEntriesBeforeLive', () => {
  it('hands over nothing when the visitor entered nothing', () => {
    const root = serverForm();
    const events = record(root);
    takeEntriesBeforeLive(root)();
    expect(events).toEqual([]);
  });

  it('hands over each entry with the event its handlers listen to, the radio chosen only', () => {
    const root = serverForm();
    control<HTMLInputElement>(root, '[name=name]').value = 'Ada Obi';
    control<HTMLInputElement>(root, '[name=consent]').checked = true;
    control<HTMLInputElement>(root, '[value=network]').checked = true;
    control<HTMLTextAreaElement>(root, 'textarea').value = 'No signal';
    control<HTMLSelectElement>(root, 'select').selectedIndex = 1;
    const handOver = takeEntriesBeforeLive(root);
    const events = record(root);
    handOver();
    expect(events).toEqual([
      'name:input',
      'consent:change',
      'topic:change',
      'message:input',
      'rating:change',
    ]);
  });

  it('puts back what hydration overwrote before handing it over', () => {
    const root = serverForm();
    const message = control<HTMLTextAreaElement>(root, 'textarea');
    message.value = 'No signal';
    const handOver = takeEntriesBeforeLive(root);
    // Preact writes a textarea's value from its (still empty) state while it attaches.
    message.value = '';
    const seen: string[] = [];
    message.addEventListener('input', () => seen.push(message.value));
    handOver();
    expect(seen).toEqual(['No signal']);
  });

  it('leaves what the server wrote alone, and controls no visitor fills', () => {
    const root = serverForm();
    control<HTMLInputElement>(root, '[name=attempt]').value = 'changed by a script';
    const events = record(root);
    takeEntriesBeforeLive(root)();
    expect(events).toEqual([]);
    expect(control<HTMLInputElement>(root, '[name=city]').value).toBe('Ikeja');
  });
});
