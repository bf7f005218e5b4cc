const PART = {
  display: "inline-block",
  maxWidth: "100%",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  verticalAlign: "top",
} as const;

/**
 * An e-mail address in a narrow table cell: it breaks only before the "@" (never inside a name or
 * a domain), a part longer than the cell is cut with "…", and the whole address is the title.
 */
export function EmailAddress({ email }: { email: string | null | undefined }) {
  if (!email) return <>–</>;
  const at = email.lastIndexOf("@");
  if (at <= 0)
    return (
      <span style={PART} title={email}>
        {email}
      </span>
    );
  return (
    <span title={email} data-email={email}>
      <span style={PART}>{email.slice(0, at)}</span>
      <wbr />
      <span style={PART}>{email.slice(at)}</span>
    </span>
  );
}
