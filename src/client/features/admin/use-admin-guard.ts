import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';

/** Administrators only: anyone else who opens an admin screen is sent to /home (docs/architecture.md §7). */
export function useAdminGuard(): boolean {
  const { user } = useAuth();
  const navigate = useNavigate();
  const isAdmin = user?.role === 'admin';
  useEffect(() => {
    if (user && !isAdmin) void navigate('/home', { replace: true });
  }, [user, isAdmin, navigate]);
  return isAdmin;
}
