import { cn } from '../../lib/cn';
import { Icon } from '../icon';

export function Spinner({ className }: { className?: string }) {
  return <Icon name="spinner" className={cn('animate-spin', className)} />;
}
