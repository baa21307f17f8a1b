import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';

/** The header's info button: what this question type is and how to answer it. */
export function InfoDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Drag & drop questions">
      <div className="space-y-3 text-[15px] leading-relaxed text-ink">
        <p>
          Each question is a patient case with a list of therapies. Sort every therapy into <strong>Indicated</strong> (you would give it to
          this patient) or <strong>Not Indicated</strong> (wrong drug, dose, route or timing for this patient).
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>Drag a therapy into a zone, or tap its Indicated / Not Indicated button.</li>
          <li>Drag it to the other zone to change your mind, or tap × to take it back.</li>
          <li>Keyboard: focus a therapy, press Space, use the arrow keys to choose a zone, press Space again.</li>
          <li>Check Answers appears once every therapy is placed. 70% or more passes.</li>
        </ul>
        <p className="text-sm text-muted">Scenarios you have not completed come first. Reset clears your placements.</p>
      </div>
      <Button size="lg" className="mt-6" onClick={() => onOpenChange(false)}>
        Got it
      </Button>
    </Modal>
  );
}
