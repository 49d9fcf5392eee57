/** When a file the server reads once and keeps (the page shell, the render module) is to be read again. */
import type { Stats } from 'node:fs';

/**
 * What changes whenever the file is replaced or written: its inode and its status-change time too,
 * not only its modification time and size. A new build's page shell has the same size as the old one
 * (its script names carry hashes of one length), and a reproducible build, or an archive unpacked with
 * its times, keeps the modification time: both went unnoticed, and every visitor got the old shell.
 */
export const fileVersion = (info: Stats): string => `${info.ino}-${info.ctimeMs}-${info.mtimeMs}-${info.size}`;
