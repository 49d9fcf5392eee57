/** A file kept with a draft: its bytes, name and type, so it can be rebuilt after a reload. */
export interface DraftAttachment {
  /** The file's name as the shopper chose it. */
  readonly name: string;
  /** Its media type ('' when the browser did not know it). */
  readonly type: string;
  /** Its last change (ms since the epoch), as `File.lastModified`. */
  readonly lastModified: number;
  /** Its content. */
  readonly bytes: Uint8Array;
}

/** What a form had when it was last saved: its text and choice values, and its files. */
export interface FormDraft {
  /** The form's text fields and checkboxes by field name. */
  readonly values: Readonly<Record<string, string | boolean>>;
  /** The chosen files, in their order in the form; empty when none. */
  readonly attachments: readonly DraftAttachment[];
  /** When it was saved (ms since the epoch), where a store keeps copies in two places and must tell the newer one. */
  readonly savedAt?: number;
  /** When a tab held this copy aside (ms since the epoch; see SessionMirroredDraftStore): it is removed a day later. */
  readonly asideAt?: number;
  /**
   * The names of files the draft had without their bytes (the store could not keep them, or the page
   * had not read them yet when it saved): the shopper is asked to add them again.
   */
  readonly missingFiles?: readonly string[];
  /** True for a copy of another tab's draft (a new tab, the next visit), not this tab's own input. */
  readonly copied?: boolean;
  /**
   * True when the store knows that this tab's input under the key was sent or emptied since it was
   * last saved (no values, no files): what the browser refills for an older visit of the page is that
   * input. A store that cannot tell gives no draft.
   */
  readonly cleared?: true;
}

/**
 * Keeps unsent form input across reloads, one draft per key (the contact form uses one key per site).
 * Browser: `IdbDraftStore` (IndexedDB); tests and the server side: `MemoryDraftStore`. Every method
 * settles: a store that is broken loads nothing and saves nothing, and the form still works. A store
 * whose code could not be loaded at all (the lazily loaded browser store) rejects `load`: the form
 * then knows a reload would lose what was typed.
 */
export interface DraftStore {
  /** The draft saved under `key`, or `undefined` when there is none or it cannot be read. */
  load(key: string): Promise<FormDraft | undefined>;
  /** Replaces the draft under `key`. */
  save(key: string, draft: FormDraft): Promise<void>;
  /**
   * Removes the draft under `key` (after a successful send). `everywhere`: also every other copy the
   * store keeps under it (other tabs' drafts), as when the visitor asks to forget the input.
   */
  clear(key: string, options?: ClearOptions): Promise<void>;
  /**
   * The page shows (part of) the draft `load` gave as a copy (`copied`): a store that keeps copies
   * removes the draft it came from when this key is cleared, and not before it is shown.
   */
  adopt?(key: string): void;
  /**
   * The page no longer shows the copy's message (its question written anew, or the form emptied): the
   * draft it came from stays its tab's when this key is cleared.
   */
  release?(key: string): void;
}

export interface ClearOptions {
  /** Also remove the other tabs' drafts under the same key. Default: false. */
  readonly everywhere?: boolean;
}

/** A draft store that can also list its keys (the browser keeps one draft per tab under a common prefix). */
export interface ListableDraftStore extends DraftStore {
  /** Every key that starts with `prefix`; none when the store cannot be read. */
  keys(prefix: string): Promise<string[]>;
}
