// The toolkit for untrusted input (issue 25 item 4): reads of submitter-controlled files that are
// bounded and refuse links. Path checks (`archive/safe-entry-path.ts`) and the process-group
// runner (`render/run-process-group.ts`) join it as their other callers move over.
export * from './read-bounded-file.ts';
