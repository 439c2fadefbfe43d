import { useEffect, useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import './code-input.css';

export type CodeInputProps = {
  /** Number of boxes (6 for a one-time code, 4 for a PIN). */
  length: number;
  /** The digits typed so far (contiguous from the first box). */
  value: string;
  onChange: (value: string) => void;
  /** Called when the last box gets its digit (typed, pasted or autofilled). */
  onComplete?: (value: string) => void;
  /** Visible label of the group. */
  label: string;
  /** Accessible name of box `index` (1-based). */
  digitLabel: (index: number, length: number) => string;
  /** PIN entry shows dots. */
  mask?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  invalid?: boolean;
  /** id of the element that describes the group (an error message). */
  describedBy?: string;
};

/**
 * A code typed one digit per box (spec §4 "OTP entry", §5 OTP and PIN): digits only, each digit moves to the
 * next box, Backspace goes back, arrows move, and pasting (or the phone's autofill of) a whole code fills
 * every box. The last digit completes the code.
 */
export function CodeInput({
  length,
  value,
  onChange,
  onComplete,
  label,
  digitLabel,
  mask = false,
  disabled = false,
  autoFocus = false,
  invalid = false,
  describedBy,
}: CodeInputProps) {
  const id = useId();
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const digits = value.replace(/\D/g, '').slice(0, length);
  // What was last typed, ahead of the re-render: focus moves within the same event.
  const latest = useRef(digits);
  latest.current = digits;

  const focusBox = (index: number) => {
    const box = refs.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  useEffect(() => {
    // After the commit: a dialog focuses its first control in its own effect, which runs after ours.
    if (autoFocus && !disabled) queueMicrotask(() => focusBox(latest.current.length));
    // Only when the entry appears or is enabled again; typing moves focus itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoFocus, disabled]);

  const update = (next: string) => {
    const clean = next.replace(/\D/g, '').slice(0, length);
    if (clean === latest.current) return;
    latest.current = clean;
    onChange(clean);
    if (clean.length === length) onComplete?.(clean);
  };

  /** Puts the `typed` digits at box `index` (never leaving a hole before it). */
  const typeAt = (index: number, typed: string) => {
    const current = latest.current;
    const incoming = typed.replace(/\D/g, '');
    if (!incoming) return;
    // A whole code (paste, autofill) fills from the first box wherever it lands.
    const start = incoming.length >= length ? 0 : Math.min(index, current.length);
    const next = (current.slice(0, start) + incoming + current.slice(start + incoming.length)).slice(
      0,
      length,
    );
    update(next);
    focusBox(Math.min(start + incoming.length, length - 1));
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const current = latest.current;
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (index < current.length) {
        update(current.slice(0, index) + current.slice(index + 1));
        focusBox(index);
      } else if (current.length > 0) {
        update(current.slice(0, -1));
        focusBox(current.length - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(Math.min(index + 1, current.length));
    } else if (event.key.length === 1 && /\d/.test(event.key)) {
      // Typing over a filled box replaces its digit (onChange would not fire for the same character).
      event.preventDefault();
      typeAt(index, event.key);
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Digits only.
      event.preventDefault();
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    typeAt(index, event.clipboardData.getData('text'));
  };

  return (
    <fieldset
      className={['code-input', invalid ? 'code-input--invalid' : ''].filter(Boolean).join(' ')}
      aria-describedby={describedBy}
      disabled={disabled}
    >
      <legend className="field__label" id={`${id}-label`}>
        {label}
      </legend>
      <div className="code-input__boxes">
        {Array.from({ length }, (_, index) => (
          <input
            key={index}
            ref={(element) => {
              refs.current[index] = element;
            }}
            className="code-input__box"
            type={mask ? 'password' : 'text'}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 && !mask ? 'one-time-code' : 'off'}
            aria-label={digitLabel(index + 1, length)}
            aria-invalid={invalid || undefined}
            disabled={disabled}
            // One Tab stop, the box being filled: Tab then goes on past the code (to Resend, Close).
            tabIndex={index === Math.min(digits.length, length - 1) ? 0 : -1}
            value={digits[index] ?? ''}
            onFocus={(event) => {
              // Boxes fill in order: focus lands on the first empty one.
              if (index > latest.current.length) focusBox(latest.current.length);
              else event.target.select();
            }}
            onChange={(event) => typeAt(index, event.target.value.slice(-length))}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
          />
        ))}
      </div>
    </fieldset>
  );
}
