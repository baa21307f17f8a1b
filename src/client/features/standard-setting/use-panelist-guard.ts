import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';

/** Panelists and administrators only: anyone else who opens a rating screen is sent to /home, as on the admin screens. */
export function usePanelistGuard(): boolean {
  const { user } = useAuth();
  const navigate = useNavigate();
  const allowed = user?.role === 'panelist' || user?.role === 'admin';
  useEffect(() => {
    if (user && !allowed) void navigate('/home', { replace: true });
  }, [user, allowed, navigate]);
  return allowed;
}
