/**
 * Which of the page's objects a copy the library made of pushed data stands for. A page's objects may
 * link back to one another (a state store's item naming its cart); the library's copies of them do
 * not point at each other, so the JSON-safe copy asks here whether a value comes back inside itself.
 */
const originals = new WeakMap<object, object>();

/** Notes that `copy` stands for `original` (or for what `original` stands for); returns the copy. */
export const copiedFrom = <T extends object>(copy: T, original: object): T => {
  originals.set(copy, originals.get(original) ?? original);
  return copy;
};

/** The page's object a value stands for: the value itself when the library did not copy it. */
export const originalOf = (value: object): object => originals.get(value) ?? value;
