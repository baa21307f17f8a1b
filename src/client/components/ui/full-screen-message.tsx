import { Logo } from './logo';
import { Spinner } from './spinner';

/** The full-screen states of the route gate: "Loading" and "Checking subscription...". */
export function FullScreenMessage({ message }: { message: string }) {
  return (
    <div
      className="flex min-h-dvh flex-col items-center justify-center gap-6 surface-dark bg-navy-900 px-6 text-white"
      role="status"
      aria-live="polite"
    >
      <Logo light />
      <div className="flex items-center gap-3 text-base text-white/85">
        <Spinner className="size-5" />
        <span>{message}</span>
      </div>
    </div>
  );
}
