/** Every rule that depends on time takes the clock as a dependency, so tests can stand anywhere. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
