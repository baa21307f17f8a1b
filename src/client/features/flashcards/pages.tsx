import { FlashcardsScreen } from './flashcards-screen';

export function ParamedicFlashcardsPage() {
  return <FlashcardsScreen deck="paramedic" />;
}
export function EmtFlashcardsPage() {
  return <FlashcardsScreen deck="emt" />;
}
export function MyFlashcardsPage() {
  return <FlashcardsScreen deck="mine" />;
}
