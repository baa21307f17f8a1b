import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';

/** Instructors and administrators only: anyone else who opens /instructor is sent to /home, as on the admin screens. */
export function useInstructorGuard(): boolean {
  const { user } = useAuth();
  const navigate = useNavigate();
  const allowed = user?.role === 'instructor' || user?.role === 'admin';
  useEffect(() => {
    if (user && !allowed) void navigate('/home', { replace: true });
  }, [user, allowed, navigate]);
  return allowed;
}
