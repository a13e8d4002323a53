import './form-field.css';

/**
 * The foot of an account form: the message of a failure that no field owns (spec 8), then the
 * submit button, held while the call is under way.
 */
export function FormSubmit({ error, busy, label }: { error: string | null; busy: boolean; label: string }) {
  return (
    <>
      {error ? (
        <p className="account-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--gold account-form__submit" disabled={busy}>
        {label}
      </button>
    </>
  );
}
