/**
 * A text as it is stored: composed (NFC). Text pasted from a PDF, and file names on macOS, arrive
 * decomposed ('Mu\u0308ller'): they show as 'Müller' but are another string to the shop's tools, so a
 * search for the name, or the check for a message sent twice, would miss them.
 */
export const storedText = <T extends string | undefined>(text: T): T => text?.normalize('NFC') as T;
