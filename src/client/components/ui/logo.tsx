import { cn } from '../../lib/cn';

/** The Star of Life mark with the word mark beside it. */
export function Logo({ className, light = false, showName = true }: { className?: string; light?: boolean; showName?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <img src="/icons/icon.svg" alt="" className="size-9 rounded-[10px]" width={36} height={36} />
      {showName && <span className={cn('text-xl font-bold tracking-tight', light ? 'text-white' : 'text-navy-900')}>MedicPrep</span>}
    </span>
  );
}
