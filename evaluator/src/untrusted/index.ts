// The toolkit for untrusted input (issue 25 item 4): reads of submitter-controlled files that are
// bounded and refuse links, and the one process runner (group kill on timeout or abort, capped
// output, exit/signal reporting) every process that touches submitted files is started through.
// Path checks live in `archive/safe-entry-path.ts`.
export * from './read-bounded-file.ts';
export * from './run-process-group.ts';
export * from './bwrap-profile.ts';
