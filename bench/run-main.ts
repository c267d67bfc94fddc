/**
 * Runs a bench script's `main` and ends the process with it: 0 once it is done (open handles of
 * browsers or servers stopped late must not keep it running), 1 with the error's stack if it
 * failed.
 */
export function runMain(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}
