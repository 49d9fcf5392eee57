/** The text percent-decoded; malformed percent-encoding (a '%' cut from its digits) leaves it as it is rather than lost. */
export const percentDecoded = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};
