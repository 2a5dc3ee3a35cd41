/**
 * The voucher panel (spec §2 Packages widget footer; §4 Voucher panel): title, text, an input and
 * the redeem button, plus Cancel. Redeem emits the typed code (`onRedeem`, which checks it through
 * the API and resolves to an error message to show, or null when accepted); Cancel emits
 * `onCancel`. Focus moves to the input when the panel opens; the parent returns it to the
 * call to action on cancel. Escape in the input cancels too.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

export interface VoucherPanelProps {
  id: string;
  title: string;
  text: string;
  button: string;
  onRedeem: (code: string) => Promise<string | null>;
  onCancel: () => void;
}

export default function VoucherPanel({ id, title, text, button, onRedeem, onCancel }: VoucherPanelProps) {
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const uid = useId();

  useEffect(() => input.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (checking) return;
    const typed = code.trim();
    if (typed === '') {
      setError('Enter a voucher code');
      input.current?.focus();
      return;
    }
    setChecking(true);
    setError(null);
    const refused = await onRedeem(typed);
    setChecking(false);
    if (refused) {
      setError(refused);
      input.current?.focus();
    }
  };

  return (
    <section id={id} className="voucher-panel" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`} className="voucher-panel__title">
        {title}
      </h3>
      <p>{text}</p>
      <form className="voucher-panel__form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={`${uid}-code`}>Voucher code</label>
        <input
          ref={input}
          id={`${uid}-code`}
          name="voucher"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          value={code}
          aria-invalid={error !== null}
          aria-describedby={error ? `${uid}-error` : undefined}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onCancel();
          }}
        />
        <div className="voucher-panel__actions">
          <button type="submit" className="button button--primary-light" disabled={checking} aria-busy={checking}>
            {button}
          </button>
          <button type="button" className="button button--label-dark" onClick={onCancel}>
            Cancel
          </button>
        </div>
        <p id={`${uid}-error`} className="voucher-panel__error" role="alert">
          {error}
        </p>
      </form>
    </section>
  );
}
