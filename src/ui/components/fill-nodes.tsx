import { Fragment, type ReactNode } from 'react';

const MARK = '\u0001';

/**
 * A text with React nodes in its placeholders: `t` fills each named placeholder with a marker, and the
 * text is split around the markers, so the translators keep the whole sentence.
 */
export function fillNodes(
  t: (key: string, params?: Record<string, string | number>) => string,
  key: string,
  nodes: Readonly<Record<string, ReactNode>>,
): ReactNode[] {
  const params = Object.fromEntries(Object.keys(nodes).map((name) => [name, `${MARK}${name}${MARK}`]));
  return t(key, params)
    .split(MARK)
    .map((part, index) => <Fragment key={index}>{index % 2 === 1 && Object.hasOwn(nodes, part) ? nodes[part] : part}</Fragment>);
}
