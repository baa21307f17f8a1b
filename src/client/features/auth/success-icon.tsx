export function SuccessIcon({ tone = 'go' }: { tone?: 'go' | 'navy' }) {
  return (
    <span className={`flex size-16 items-center justify-center rounded-full ${tone === 'go' ? 'bg-go-100 text-go-600' : 'bg-navy-50 text-navy-700'}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="2.5">
        {tone === 'go' ? (
          <path d="M5 13l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <path d="M4 6h16v12H4zM4 7l8 6 8-6" strokeLinecap="round" strokeLinejoin="round" />
        )}
      </svg>
    </span>
  );
}
