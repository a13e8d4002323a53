/** '+63', '9171234567' → '+63 ••••••4567': enough for a member to recognise, not to collect. */
export function maskMobile(dialingCode: string | null, mobileNum: string | null): string | null {
  if (!mobileNum) return null;
  const visible = mobileNum.slice(-4);
  return `${dialingCode ?? ''} ${'•'.repeat(Math.max(mobileNum.length - 4, 2))}${visible}`.trim();
}

/** 'juan.cruz@example.com' → 'j•••z@example.com'. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  const local = email.slice(0, at);
  const edge = local.length > 2 ? `${local[0]}•••${local[local.length - 1]}` : `${local[0]}•••`;
  return `${edge}${email.slice(at)}`;
}
