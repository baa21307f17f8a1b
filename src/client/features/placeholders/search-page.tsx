import { PlaceholderPage } from './placeholder-page';

export default function SearchPage() {
  return (
    <PlaceholderPage
      title="Search"
      lead="Search across flashcards, videos and scenarios."
      items={['Try “adenosine dose”', 'Try “tension pneumothorax”', 'Try “pediatric vital signs”']}
    />
  );
}
