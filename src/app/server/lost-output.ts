/**
 * The server's output may go to a program that goes away (a log shipper or `| tee` that dies, `| head`):
 * writing to the closed pipe fails with EPIPE, emitted on `process.stdout` as an error event no one
 * heard, and the server crashed on it, or hung for good when the logger's flush on exit retried the
 * write (QA pass). A line that cannot be written is lost; the server goes on answering.
 */
export function surviveLostOutput(streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) stream.on('error', () => {});
}
