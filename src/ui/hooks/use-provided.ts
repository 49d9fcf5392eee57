import { useContext, type Context } from 'react';

/** A context's value; throws, naming the hook, when used outside its provider. */
export function useProvided<T>(context: Context<T | null>, hook: string): T {
  const value = useContext(context);
  if (!value) throw new Error(`${hook} needs its provider`);
  return value;
}
