import { CreateDownlineForm } from '../components/create-downline-form.tsx';
import { InvitationPanel } from '../components/invitation-panel.tsx';
import './register-center.css';

/** Spec 2.7 registerCenter: create a downline's account, or invite players with a code, a link or a QR code. */
export function RegisterCenterPage() {
  return (
    <div className="register-center" data-testid="register-center">
      <CreateDownlineForm />
      <InvitationPanel />
    </div>
  );
}
