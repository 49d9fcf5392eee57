import { Fragment } from 'react';

/**
 * A `mailto:` link whose address a narrow column breaks before its '@' or a dot (a `<wbr>` there),
 * as addresses are set in print, not inside a word (`…@kaffeesho` / `p.cz` at 320 px).
 */
export function EmailLink({ email }: { readonly email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <a href={`mailto:${email}`}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </a>
  );
}
