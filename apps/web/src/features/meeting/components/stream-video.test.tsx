import { act, render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { describe, expect, it } from 'vitest';
import { StreamVideo } from './stream-video';

/** Suspends while `pending` is set: how a Suspense boundary comes to hide content already shown. */
function MaybeSuspend({ pending }: { pending: Promise<void> | null }) {
  if (pending) use(pending);
  return null;
}

function Room({ stream, pending }: { stream: MediaStream; pending: Promise<void> | null }) {
  return (
    <Suspense fallback={<p>Loading</p>}>
      <MaybeSuspend pending={pending} />
      <StreamVideo stream={stream} label="Doctor" testId="remote-video" />
    </Suspense>
  );
}

describe('StreamVideo', () => {
  it('shows its stream again after a Suspense boundary hid it for a while', async () => {
    const stream = new MediaStream();
    const { rerender } = render(<Room stream={stream} pending={null} />);
    const video = screen.getByTestId<HTMLVideoElement>('remote-video');
    expect(video.srcObject).toBe(stream);

    // Not in a transition: React keeps the video in the page, hidden, and runs its layout cleanups.
    let resume!: () => void;
    const pending = new Promise<void>((resolve) => (resume = resolve));
    await act(async () => rerender(<Room stream={stream} pending={pending} />));
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(video.srcObject).toBeNull();

    await act(async () => {
      resume();
      await pending;
    });
    rerender(<Room stream={stream} pending={null} />);
    expect(screen.queryByText('Loading')).toBeNull();
    expect(screen.getByTestId('remote-video')).toBe(video);
    expect(video.srcObject).toBe(stream);
  });

  it('lets go of its stream when it leaves the page', () => {
    const stream = new MediaStream();
    const { unmount } = render(
      <StreamVideo stream={stream} label="Doctor" testId="remote-video" />,
    );
    const video = screen.getByTestId<HTMLVideoElement>('remote-video');
    expect(video.srcObject).toBe(stream);
    unmount();
    expect(video.srcObject).toBeNull();
  });
});
