/** The line under an account form that leads to its counterpart ("No account? Register now"). */
export function AccountSwitch({
  prompt,
  action,
  onClick,
}: {
  prompt: string;
  action: string;
  onClick: () => void;
}) {
  return (
    <p className="account-form__switch">
      {prompt}{' '}
      <button type="button" className="account-link" onClick={onClick}>
        {action}
      </button>
    </p>
  );
}
