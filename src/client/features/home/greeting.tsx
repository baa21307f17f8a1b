function partOfDay(hour: number) {
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
}

/**
 * The name home greets: the first name; without one (an admin-created account may have none) the e-mail's local part,
 * which is closer to the person than docs/product.md's default "User", kept for when neither is known.
 */
export function greetingName(firstName: string | null | undefined, email: string | null | undefined) {
  return firstName?.trim() || email?.split('@')[0]?.trim() || 'User';
}

/** "Good evening, Riley" over the rank title. */
export function Greeting({ firstName, email, hour }: { firstName?: string | null; email?: string | null; hour: number }) {
  return (
    <p className="truncate text-sm text-white/70">
      {partOfDay(hour)}, <span className="font-semibold text-white">{greetingName(firstName, email)}</span>
    </p>
  );
}
