import { useEffect } from 'react';

/** Sets the document's title while the calling screen is shown (a new title when it changes). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    if (document.title !== title) document.title = title;
  }, [title]);
}
