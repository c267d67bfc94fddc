import { useCallback, useEffect, useRef, useState } from 'react';

// Mutations without TanStack Query: the guest screens are the first page, which cannot carry
// Query's ~11 KB gzip (150 KB budget, ADR 0010), and one way to write a mutation is simpler than
// two, so the signed-in screens use this hook too. The semantics follow TanStack's useMutation,
// so that reading either is the same: https://tanstack.com/query/v5/docs/framework/react/reference/useMutation

/** Run for every call, whatever happened to the component meanwhile; awaited before it settles. */
export interface MutationActionOptions<TData, TVariables> {
  /** For example invalidating the queries whose data the mutation changed. */
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: unknown, variables: TVariables) => unknown;
  onSettled?: (data: TData | undefined, error: unknown, variables: TVariables) => unknown;
}

/**
 * Given to one `mutate`/`mutateAsync` call: run only while the component is mounted and this call
 * is still the latest (after the hook's own callbacks), so a screen can navigate in them safely.
 */
export interface MutateCallOptions<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: unknown, variables: TVariables) => void;
  onSettled?: (data: TData | undefined, error: unknown, variables: TVariables) => void;
}

/** The state of the latest call. `error` is whatever the action threw (usually an ApiError). */
export type MutationActionState<TData, TVariables> =
  | { status: 'idle'; data: undefined; error: null; variables: undefined }
  | { status: 'pending'; data: undefined; error: null; variables: TVariables }
  | { status: 'success'; data: TData; error: null; variables: TVariables }
  | { status: 'error'; data: undefined; error: unknown; variables: TVariables };

type WithFlags<S> = S extends { status: infer Status }
  ? S & {
      isIdle: Status extends 'idle' ? true : false;
      isPending: Status extends 'pending' ? true : false;
      isSuccess: Status extends 'success' ? true : false;
      isError: Status extends 'error' ? true : false;
    }
  : never;

export type MutationAction<TData, TVariables> = WithFlags<
  MutationActionState<TData, TVariables>
> & {
  /** Runs the action; failures land in `error` and are not thrown. */
  mutate: (variables: TVariables, options?: MutateCallOptions<TData, TVariables>) => void;
  /** Runs the action and returns its result; a failure is also thrown. */
  mutateAsync: (
    variables: TVariables,
    options?: MutateCallOptions<TData, TVariables>,
  ) => Promise<TData>;
  /** Back to idle; a call still running no longer changes the state. */
  reset: () => void;
};

const IDLE = { status: 'idle', data: undefined, error: null, variables: undefined } as const;

/**
 * A call that changes something on the server (or runs once, like following an e-mailed link),
 * with its state for the screen: `isPending` while it runs, then `data` or `error` of the latest
 * call. The functions it returns keep their identity across renders.
 */
export function useMutationAction<TData, TVariables = void>(
  action: (variables: TVariables) => Promise<TData>,
  options: MutationActionOptions<TData, TVariables> = {},
): MutationAction<TData, TVariables> {
  const [state, setState] = useState<MutationActionState<TData, TVariables>>(IDLE);
  // Handlers read the latest action and options without changing identity at every render.
  const latest = useRef({ action, options });
  useEffect(() => {
    latest.current = { action, options };
  });
  // Which call the state belongs to: a newer call or a reset makes an older one stale.
  const currentCall = useRef(0);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutateAsync = useCallback(
    async (
      variables: TVariables,
      callOptions: MutateCallOptions<TData, TVariables> = {},
    ): Promise<TData> => {
      const call = ++currentCall.current;
      const isCurrent = () => mounted.current && call === currentCall.current;
      const { action: run, options: hookOptions } = latest.current;
      setState({ status: 'pending', data: undefined, error: null, variables });
      let data: TData;
      try {
        data = await run(variables);
        await hookOptions.onSuccess?.(data, variables);
        await hookOptions.onSettled?.(data, null, variables);
      } catch (error) {
        try {
          await hookOptions.onError?.(error, variables);
          await hookOptions.onSettled?.(undefined, error, variables);
        } finally {
          // Settled even when a callback throws (whose error is then the one thrown).
          if (isCurrent()) setState({ status: 'error', data: undefined, error, variables });
        }
        if (isCurrent()) {
          callOptions.onError?.(error, variables);
          callOptions.onSettled?.(undefined, error, variables);
        }
        throw error;
      }
      if (isCurrent()) {
        setState({ status: 'success', data, error: null, variables });
        callOptions.onSuccess?.(data, variables);
        callOptions.onSettled?.(data, null, variables);
      }
      return data;
    },
    [],
  );

  const mutate = useCallback(
    (variables: TVariables, callOptions?: MutateCallOptions<TData, TVariables>) => {
      // The failure is in the state (and was given to onError); nobody awaits this call.
      mutateAsync(variables, callOptions).catch(() => {});
    },
    [mutateAsync],
  );

  const reset = useCallback(() => {
    currentCall.current += 1;
    setState(IDLE);
  }, []);

  return {
    ...state,
    isIdle: state.status === 'idle',
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    mutate,
    mutateAsync,
    reset,
  } as MutationAction<TData, TVariables>;
}

/**
 * Runs `action` once for `input` as the screen opens — following an e-mailed link, whose token
 * may be used only once — and keeps the answer while the screen stays. Once per input also under
 * StrictMode, whose extra unmount and mount of the effects keeps this component's refs. Nothing
 * runs for a null input. Idle until the effect has run, so a screen shows its waiting state for
 * anything but `isSuccess` and `isError`.
 */
export function useMutationActionOnMount<TData, TInput>(
  action: (input: TInput) => Promise<TData>,
  input: TInput | null,
): MutationAction<TData, TInput> {
  const result = useMutationAction(action);
  const { mutate } = result;
  const startedFor = useRef<{ input: TInput } | null>(null);
  useEffect(() => {
    if (input === null || (startedFor.current && Object.is(startedFor.current.input, input))) {
      return;
    }
    startedFor.current = { input };
    mutate(input);
  }, [input, mutate]);
  return result;
}
