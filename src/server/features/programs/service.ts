import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ContentLevel } from '../../../shared/constants';
import type {
  ClassDetailResponse,
  ClassPreview,
  ClassView,
  CreateClassInput,
  JoinClassResponse,
  MyClassView,
} from '../../../shared/contracts/programs';
import { extendedExpiration, normaliseCode } from '../../../shared/coupons';
import { ERROR_CODES } from '../../../shared/errors';
import { CLASS_CODE_LENGTH, CLASS_MESSAGES, classCodeFrom } from '../../../shared/programs';
import type { Db } from '../../db/client';
import { classes, classMembers, users } from '../../db/schema';
import type { ServiceDeps, SessionUser } from '../../deps';
import { recordAudit } from '../../lib/audit';
import type { AuditBy } from '../../lib/audit-by';
import { HttpError, notFound } from '../../lib/http';
import { classStudy } from './dashboard';

// Programs (docs/decisions/106-programs-classes-and-seats.md): classes, joins by code, leaving. Every instructor read goes
// through `taughtClass`, so an instructor never reaches a class they do not teach, and through `currentMembers`, so a
// student who left is in no view from that moment.

type ClassRow = typeof classes.$inferSelect;

const day = (d: Date) => d.toISOString().slice(0, 10);

function classJson(row: ClassRow, instructorName: string, members: number): ClassView {
  return {
    id: row.id,
    name: row.name,
    level: row.level as ContentLevel,
    startDate: row.startDate,
    endDate: row.endDate,
    examWindowStart: row.examWindowStart,
    examWindowEnd: row.examWindowEnd,
    seats: row.seats,
    seatsTaken: row.seatsTaken,
    members,
    code: row.code,
    grantsAccessDays: row.grantsAccessDays,
    instructorName,
    createdAt: row.createdAt.toISOString(),
  };
}

const memberCount = sql<number>`(select count(*)::int from ${classMembers} where ${classMembers.classId} = ${classes.id} and ${classMembers.leftAt} is null)`;

/** The classes a caller teaches (an administrator: every class), newest first. */
export async function listTaughtClasses({ db }: ServiceDeps, user: SessionUser): Promise<ClassView[]> {
  const rows = await db
    .select({ c: classes, instructorName: users.name, members: memberCount })
    .from(classes)
    .innerJoin(users, eq(users.id, classes.instructorId))
    .where(user.role === 'admin' ? undefined : eq(classes.instructorId, user.id))
    .orderBy(desc(classes.createdAt), desc(classes.id));
  return rows.map((r) => classJson(r.c, r.instructorName, Number(r.members)));
}

/** A class the caller teaches, or the same 404 as a class that does not exist (its existence is not told to others). */
export async function taughtClass({ db }: ServiceDeps, user: SessionUser, classId: string): Promise<ClassView> {
  const [row] = await db
    .select({ c: classes, instructorName: users.name, members: memberCount })
    .from(classes)
    .innerJoin(users, eq(users.id, classes.instructorId))
    .where(and(eq(classes.id, classId), user.role === 'admin' ? undefined : eq(classes.instructorId, user.id)));
  if (!row) throw notFound('This class does not exist.');
  return classJson(row.c, row.instructorName, Number(row.members));
}

/**
 * The class dashboard: the class and the students in it now, each with only what the join screen listed (the e-mail only
 * when the student chose it) and their study figures (dashboard.ts). Who left is not here.
 */
export async function classRoster(deps: ServiceDeps<'config'>, user: SessionUser, classId: string): Promise<ClassDetailResponse> {
  const view = await taughtClass(deps, user, classId);
  const rows = await deps.db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      emailVisible: classMembers.emailVisible,
      joinedAt: classMembers.joinedAt,
      outcomesConsent: classMembers.outcomesConsent,
    })
    .from(classMembers)
    .innerJoin(users, eq(users.id, classMembers.userId))
    .where(and(eq(classMembers.classId, classId), isNull(classMembers.leftAt)))
    .orderBy(users.name, users.id);
  const { domains, study, missed } = await classStudy(deps, view, new Map(rows.map((r) => [r.userId, r.joinedAt])));
  return {
    class: view,
    domains,
    missed,
    // a student who left between the two reads has no figures: left out
    students: rows.flatMap((r) => {
      const s = study.get(r.userId);
      return s
        ? [
            {
              userId: r.userId,
              name: r.name,
              email: r.emailVisible ? r.email : null,
              joinedAt: r.joinedAt.toISOString(),
              outcomesConsent: r.outcomesConsent,
              study: s,
            },
          ]
        : [];
    }),
  };
}

async function freshCode(db: Db): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const code = classCodeFrom(Array.from({ length: CLASS_CODE_LENGTH }, () => randomInt(2 ** 32) / 2 ** 32));
    const [taken] = await db.select({ id: classes.id }).from(classes).where(eq(classes.code, code));
    if (!taken) return code;
  }
  throw new HttpError(409, ERROR_CODES.conflict, 'Could not make a class code. Please try again.');
}

/** An instructor or administrator creates a class and gets its code; audited. */
export async function createClass(deps: ServiceDeps, by: AuditBy, user: SessionUser, body: CreateClassInput): Promise<ClassView> {
  const id = await deps.db.transaction(async (tx) => {
    const code = await freshCode(tx);
    const [row] = await tx
      .insert(classes)
      .values({
        name: body.name,
        level: body.level,
        startDate: body.startDate,
        endDate: body.endDate,
        examWindowStart: body.examWindowStart,
        examWindowEnd: body.examWindowEnd,
        seats: body.seats,
        grantsAccessDays: body.grantsAccessDays,
        code,
        instructorId: user.id,
        createdAt: deps.now(),
      })
      .returning();
    await recordAudit(tx, {
      action: 'class.create',
      ...by,
      target: { type: 'class', id: row!.id, label: row!.name },
      after: { code, level: body.level, seats: body.seats, grantsAccessDays: body.grantsAccessDays },
    });
    return row!.id;
  });
  return taughtClass(deps, user, id);
}

async function classByCode(db: Db, rawCode: string, lock: boolean) {
  const code = normaliseCode(rawCode);
  const query = db
    .select({ c: classes, instructorName: users.name })
    .from(classes)
    .innerJoin(users, eq(users.id, classes.instructorId))
    .where(eq(classes.code, code));
  const [row] = lock ? await query.for('update', { of: classes }) : await query;
  if (!row) throw new HttpError(404, ERROR_CODES.invalidCode, CLASS_MESSAGES.invalid);
  return row;
}

/** What joining means, shown before the student joins: the class, its instructor, the access it grants. */
export async function previewClass({ db, now }: ServiceDeps, userId: string, code: string): Promise<ClassPreview> {
  const { c, instructorName } = await classByCode(db, code, false);
  const [member] = await db
    .select({ leftAt: classMembers.leftAt })
    .from(classMembers)
    .where(and(eq(classMembers.classId, c.id), eq(classMembers.userId, userId)));
  if (c.endDate < day(now())) throw new HttpError(409, ERROR_CODES.classEnded, CLASS_MESSAGES.ended);
  if (!member && c.seatsTaken >= c.seats) throw new HttpError(409, ERROR_CODES.classFull, CLASS_MESSAGES.full);
  return {
    name: c.name,
    level: c.level as ContentLevel,
    instructorName,
    startDate: c.startDate,
    endDate: c.endDate,
    examWindowStart: c.examWindowStart,
    examWindowEnd: c.examWindowEnd,
    grantsAccessDays: member ? null : c.grantsAccessDays,
    alreadyMember: member ? member.leftAt === null : false,
  };
}

function myClassJson(c: ClassRow, instructorName: string, m: typeof classMembers.$inferSelect): MyClassView {
  return {
    classId: c.id,
    name: c.name,
    level: c.level as ContentLevel,
    instructorName,
    startDate: c.startDate,
    endDate: c.endDate,
    joinedAt: m.joinedAt.toISOString(),
    emailVisible: m.emailVisible,
    outcomesConsent: m.outcomesConsent,
  };
}

/**
 * A student joins a class by its code, in one transaction on the locked class row: concurrent joins queue on it, so the
 * seats hold. The first join takes a seat and, when the code grants access, extends the student's access from the later
 * of now and its current end (as a validation code does); coming back after leaving takes neither again. Audited.
 */
export async function joinClass(
  deps: ServiceDeps,
  by: AuditBy,
  userId: string,
  input: { code: string; emailVisible: boolean; outcomesConsent: boolean },
): Promise<JoinClassResponse> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { c, instructorName } = await classByCode(tx, input.code, true);
    if (c.endDate < day(now)) throw new HttpError(409, ERROR_CODES.classEnded, CLASS_MESSAGES.ended);
    const [existing] = await tx
      .select()
      .from(classMembers)
      .where(and(eq(classMembers.classId, c.id), eq(classMembers.userId, userId)))
      .for('update');
    if (existing && existing.leftAt === null) throw new HttpError(409, ERROR_CODES.alreadyInClass, CLASS_MESSAGES.alreadyMember);
    let expirationDate: string | null = null;
    const choices = { joinedAt: now, leftAt: null, emailVisible: input.emailVisible, outcomesConsent: input.outcomesConsent };
    let member: typeof classMembers.$inferSelect;
    if (existing) {
      [member] = (await tx
        .update(classMembers)
        .set(choices)
        .where(and(eq(classMembers.classId, c.id), eq(classMembers.userId, userId)))
        .returning()) as [typeof classMembers.$inferSelect];
    } else {
      // the conditional update is the seat: with the row locked it cannot pass the seats, and the check holds it anyway
      const took = await tx
        .update(classes)
        .set({ seatsTaken: sql`${classes.seatsTaken} + 1` })
        .where(and(eq(classes.id, c.id), sql`${classes.seatsTaken} < ${classes.seats}`))
        .returning({ id: classes.id });
      if (took.length === 0) throw new HttpError(409, ERROR_CODES.classFull, CLASS_MESSAGES.full);
      [member] = (await tx
        .insert(classMembers)
        .values({ classId: c.id, userId, ...choices })
        .returning()) as [typeof classMembers.$inferSelect];
      if (c.grantsAccessDays !== null) {
        const [user] = await tx
          .select({ exp: users.expirationDate, status: users.subscriptionStatus })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        const current = user?.status === 'active' ? (user.exp ?? null) : null;
        const end = extendedExpiration(current, now, c.grantsAccessDays, 'days');
        await tx.update(users).set({ subscriptionStatus: 'active', expirationDate: end }).where(eq(users.id, userId));
        expirationDate = end.toISOString();
      }
    }
    await recordAudit(tx, {
      action: 'class.join',
      ...by,
      target: { type: 'class', id: c.id, label: c.name },
      after: { emailVisible: input.emailVisible, outcomesConsent: input.outcomesConsent, rejoined: Boolean(existing), expirationDate },
    });
    return { membership: myClassJson(c, instructorName, member), message: CLASS_MESSAGES.joined, expirationDate };
  });
}

/** The classes a student is in now. */
export async function myClasses({ db }: ServiceDeps, userId: string): Promise<MyClassView[]> {
  const rows = await db
    .select({ c: classes, instructorName: users.name, m: classMembers })
    .from(classMembers)
    .innerJoin(classes, eq(classes.id, classMembers.classId))
    .innerJoin(users, eq(users.id, classes.instructorId))
    .where(and(eq(classMembers.userId, userId), isNull(classMembers.leftAt)))
    .orderBy(desc(classMembers.joinedAt));
  return rows.map((r) => myClassJson(r.c, r.instructorName, r.m));
}

/** A student leaves a class: from now no instructor view reads them. The seat stays taken. Audited. */
export async function leaveClass(deps: ServiceDeps, by: AuditBy, userId: string, classId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const left = await tx
      .update(classMembers)
      .set({ leftAt: deps.now() })
      .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, userId), isNull(classMembers.leftAt)))
      .returning({ classId: classMembers.classId });
    if (left.length === 0) throw notFound('You are not in this class.');
    const [c] = await tx.select({ name: classes.name }).from(classes).where(eq(classes.id, classId));
    await recordAudit(tx, { action: 'class.leave', ...by, target: { type: 'class', id: classId, label: c?.name ?? null } });
  });
}
