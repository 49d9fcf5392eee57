import { promisifyRequest, type UseStore } from 'idb-keyval';

/**
 * idb-keyval's `createStore`, except that its connection gives way when another tab (or a script of
 * the page) upgrades or deletes the database. idb-keyval's stays open: that request then waited until
 * every such page was closed, and every tab opened meanwhile waited behind it, past the stores'
 * deadlines. The next call opens the database again (created anew when it was deleted).
 */
export function createStore(dbName: string, storeName: string): UseStore {
  let opening: Promise<IDBDatabase> | undefined;
  const database = (): Promise<IDBDatabase> => {
    if (opening) return opening;
    const request = indexedDB.open(dbName);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    const opened = (opening = promisifyRequest(request));
    opened.then(
      (db) => {
        const forget = () => {
          if (opening === opened) opening = undefined;
        };
        // Closed by the browser (Safari does so now and then), or asked to make way.
        db.onclose = forget;
        db.onversionchange = () => {
          db.close();
          forget();
        };
      },
      () => undefined,
    );
    return opened;
  };
  return (mode, callback) => database().then((db) => callback(db.transaction(storeName, mode).objectStore(storeName)));
}
