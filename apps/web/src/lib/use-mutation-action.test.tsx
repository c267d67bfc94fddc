import { act, renderHook, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { useMutationAction, useMutationActionOnMount } from './use-mutation-action';

/** A promise the test settles when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An action whose calls the test answers one by one, in any order. */
function controlledAction<T>() {
  const calls: { input: string; answer: ReturnType<typeof deferred<T>> }[] = [];
  const action = vi.fn((input: string) => {
    const answer = deferred<T>();
    calls.push({ input, answer });
    return answer.promise;
  });
  return { action, calls };
}

describe('useMutationAction', () => {
  it('is idle, then pending, then holds the data and the variables of the call', async () => {
    const { action, calls } = controlledAction<number>();
    const { result } = renderHook(() => useMutationAction(action));
    expect(result.current).toMatchObject({ status: 'idle', isIdle: true, isPending: false });
    expect(action).not.toHaveBeenCalled();

    let returned!: Promise<number>;
    act(() => {
      returned = result.current.mutateAsync('a');
    });
    expect(result.current).toMatchObject({ isPending: true, variables: 'a', data: undefined });

    await act(async () => calls[0]!.answer.resolve(42));
    await expect(returned).resolves.toBe(42);
    expect(result.current).toMatchObject({
      status: 'success',
      isSuccess: true,
      isPending: false,
      isError: false,
      data: 42,
      error: null,
      variables: 'a',
    });
  });

  it('keeps what the action threw: mutateAsync rejects with it, mutate does not throw', async () => {
    const failure = new ApiError(404, 'No account', null, 'notFound');
    const action = vi.fn(async (_input: string): Promise<void> => Promise.reject(failure));
    const { result } = renderHook(() => useMutationAction(action));

    await act(async () => {
      await expect(result.current.mutateAsync('a')).rejects.toBe(failure);
    });
    expect(result.current).toMatchObject({ status: 'error', isError: true, error: failure });

    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      act(() => result.current.mutate('b'));
      await waitFor(() => expect(result.current.variables).toBe('b'));
      await waitFor(() => expect(result.current.isError).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it("awaits the hook's onSuccess before settling (e.g. refetching what the call changed)", async () => {
    const refetch = deferred<void>();
    const onSuccess = vi.fn(() => refetch.promise);
    const onSettled = vi.fn();
    const { result } = renderHook(() =>
      useMutationAction(async (input: string) => `saved ${input}`, { onSuccess, onSettled }),
    );
    let returned!: Promise<string>;
    act(() => {
      returned = result.current.mutateAsync('x');
    });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('saved x', 'x'));
    expect(result.current.isPending).toBe(true);
    expect(onSettled).not.toHaveBeenCalled();

    await act(async () => refetch.resolve());
    await expect(returned).resolves.toBe('saved x');
    expect(onSettled).toHaveBeenCalledWith('saved x', null, 'x');
    expect(result.current.isSuccess).toBe(true);
  });

  it("calls the hook's onError and onSettled, then the call's own callbacks", async () => {
    const failure = new Error('down');
    const order: string[] = [];
    const { result } = renderHook(() =>
      useMutationAction(async (_input: string): Promise<string> => Promise.reject(failure), {
        onError: (error, input) => order.push(`hook onError ${String(error)} ${input}`),
        onSettled: (data, error) => order.push(`hook onSettled ${String(data)} ${String(error)}`),
      }),
    );
    act(() =>
      result.current.mutate('x', {
        onSuccess: () => order.push('call onSuccess'),
        onError: (error) => order.push(`call onError ${String(error)}`),
        onSettled: () => order.push('call onSettled'),
      }),
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(order).toEqual([
      'hook onError Error: down x',
      'hook onSettled undefined Error: down',
      'call onError Error: down',
      'call onSettled',
    ]);
  });

  it('settles as failed when a callback of the hook throws, with that error', async () => {
    const invalidation = new Error('invalidation failed');
    const { result } = renderHook(() =>
      useMutationAction(async () => 'ok', {
        onSuccess: () => {
          throw invalidation;
        },
      }),
    );
    await act(async () => {
      await expect(result.current.mutateAsync()).rejects.toBe(invalidation);
    });
    expect(result.current).toMatchObject({ isError: true, error: invalidation });
  });

  it('shows the latest call: an earlier answer arriving later changes nothing', async () => {
    const { action, calls } = controlledAction<string>();
    const hookOnSuccess = vi.fn();
    const firstOnSuccess = vi.fn();
    const secondOnSuccess = vi.fn();
    const { result } = renderHook(() => useMutationAction(action, { onSuccess: hookOnSuccess }));

    act(() => result.current.mutate('first', { onSuccess: firstOnSuccess }));
    act(() => result.current.mutate('second', { onSuccess: secondOnSuccess }));
    await act(async () => calls[1]!.answer.resolve('second answer'));
    await act(async () => calls[0]!.answer.resolve('first answer'));

    expect(result.current).toMatchObject({ data: 'second answer', variables: 'second' });
    expect(secondOnSuccess).toHaveBeenCalledWith('second answer', 'second');
    expect(firstOnSuccess).not.toHaveBeenCalled();
    // The hook's own callbacks run for every call: each one did change the server.
    expect(hookOnSuccess).toHaveBeenCalledTimes(2);
  });

  it('goes back to idle on reset; a call still running then leaves the state alone', async () => {
    const { action, calls } = controlledAction<string>();
    const { result } = renderHook(() => useMutationAction(action));
    await act(async () => {
      const done = result.current.mutateAsync('a');
      calls[0]!.answer.resolve('answer');
      await done;
    });
    expect(result.current.isSuccess).toBe(true);

    act(() => result.current.reset());
    expect(result.current).toMatchObject({ status: 'idle', data: undefined, variables: undefined });

    let running!: Promise<string>;
    act(() => {
      running = result.current.mutateAsync('b');
    });
    act(() => result.current.reset());
    await act(async () => calls[1]!.answer.resolve('late'));
    await expect(running).resolves.toBe('late');
    expect(result.current.isIdle).toBe(true);
  });

  it("skips the call's callbacks after an unmount, not the hook's", async () => {
    const { action, calls } = controlledAction<string>();
    const hookOnSuccess = vi.fn();
    const callOnSettled = vi.fn();
    const { result, unmount } = renderHook(() =>
      useMutationAction(action, { onSuccess: hookOnSuccess }),
    );
    act(() => result.current.mutate('a', { onSettled: callOnSettled }));
    unmount();
    await act(async () => calls[0]!.answer.resolve('answer'));
    expect(hookOnSuccess).toHaveBeenCalledWith('answer', 'a');
    expect(callOnSettled).not.toHaveBeenCalled();
  });

  it('keeps mutate, mutateAsync and reset the same across renders, with the latest action', async () => {
    const { result, rerender } = renderHook(
      ({ prefix }) => useMutationAction(async (input: string) => `${prefix} ${input}`),
      { initialProps: { prefix: 'one' } },
    );
    const first = result.current;
    rerender({ prefix: 'two' });
    expect(result.current.mutate).toBe(first.mutate);
    expect(result.current.mutateAsync).toBe(first.mutateAsync);
    expect(result.current.reset).toBe(first.reset);
    await act(async () => {
      await expect(result.current.mutateAsync('x')).resolves.toBe('two x');
    });
  });

  it('narrows by its flags', () => {
    const { result } = renderHook(() =>
      useMutationAction(async (_input: { id: string }) => ({ alreadyValidated: true })),
    );
    const state = result.current;
    if (state.isSuccess) {
      expectTypeOf(state.data).toEqualTypeOf<{ alreadyValidated: boolean }>();
      expectTypeOf(state.variables).toEqualTypeOf<{ id: string }>();
    }
    if (state.isIdle) expectTypeOf(state.data).toEqualTypeOf<undefined>();
    expectTypeOf(state.mutate).parameter(0).toEqualTypeOf<{ id: string }>();
    expect(state.isIdle).toBe(true);
  });
});

describe('useMutationActionOnMount', () => {
  it('runs once per input, also under strict mode, and keeps the answer', async () => {
    const action = vi.fn(async (token: string) => ({ token }));
    const { result, rerender } = renderHook(
      ({ token }: { token: string | null }) => useMutationActionOnMount(action, token),
      { initialProps: { token: 'abc' }, wrapper: StrictMode },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(action).toHaveBeenCalledTimes(1);
    expect(result.current.data).toEqual({ token: 'abc' });

    rerender({ token: 'abc' });
    await waitFor(() => expect(result.current.data).toEqual({ token: 'abc' }));
    expect(action).toHaveBeenCalledTimes(1);

    rerender({ token: 'def' });
    await waitFor(() => expect(result.current.data).toEqual({ token: 'def' }));
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('runs nothing without an input and stays idle', async () => {
    const action = vi.fn(async (token: string) => token);
    const { result } = renderHook(() => useMutationActionOnMount(action, null), {
      wrapper: StrictMode,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(action).not.toHaveBeenCalled();
    expect(result.current.isIdle).toBe(true);
  });
});
