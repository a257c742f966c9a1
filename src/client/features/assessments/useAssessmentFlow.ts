/**
 * What both assessment tools' Start pages do around their form (issue #18 §1–§3): a visitor's
 * finished answers stay in this browser (localStorage, `export-club.<kind>-answers`) until they
 * are a member, who is then offered to save them; a member's answers are saved at once (the
 * server scores them again); a retake starts a new round of the form; the result's heading takes
 * the focus when it appears.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import {
  type AssessmentKind,
  type AssessmentSaveInput,
  type DiamondAnswers,
  diamondAnswersSchema,
  type ReadinessAnswers,
  readinessAnswersSchema,
} from "../../../common/assessments";
import { useTRPC } from "../../trpc";
import { useSession } from "../session";
import { keptAnswersKey } from "./keptAnswers";

/** The answers of each kind. */
export interface AnswersOf {
  readiness: ReadinessAnswers;
  diamond: DiamondAnswers;
}

const SCHEMAS = { readiness: readinessAnswersSchema, diamond: diamondAnswersSchema };

/**
 * The answers kept in this browser for `kind` (a visitor's finished tool), or null (none,
 * unreadable, or no longer valid).
 */
export function storedAnswers<K extends AssessmentKind>(kind: K): AnswersOf[K] | null {
  try {
    const raw = window.localStorage.getItem(keptAnswersKey(kind));
    const parsed = raw ? SCHEMAS[kind].safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? (parsed.data as AnswersOf[K]) : null;
  } catch {
    return null;
  }
}

/** Keeps `answers` of `kind` in this browser, or forgets them (null). */
export function storeAnswers(kind: AssessmentKind, answers: object | null): void {
  try {
    if (answers) window.localStorage.setItem(keptAnswersKey(kind), JSON.stringify(answers));
    else window.localStorage.removeItem(keptAnswersKey(kind));
  } catch {
    // Private browsing: the result is simply not kept.
  }
}

/**
 * The Start page's state for `kind`: `answers` (null while the form is shown), `round` (the
 * form's key: a retake mounts a fresh one), `earlier` (a visitor's answers kept in this browser,
 * offered to a member to save), `save` (the `assessments.save` mutation), `member`, and the
 * actions `finish` (the form is done), `retake`, `saveEarlier` and `saveAgain` (after an error).
 */
export function useAssessmentFlow<K extends AssessmentKind>(kind: K) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const member = session?.viewer?.approvalStatus === "approved";
  const [answers, setAnswers] = useState<AnswersOf[K] | null>(null);
  const [round, setRound] = useState(0);
  const [earlier, setEarlier] = useState<AnswersOf[K] | null>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const save = useMutation(
    trpc.assessments.save.mutationOptions({
      onSuccess: () => {
        storeAnswers(kind, null);
        setEarlier(null);
        void queryClient.invalidateQueries({ queryKey: trpc.assessments.pathKey() });
      },
    }),
  );
  const saveAnswers = (a: AnswersOf[K]) => save.mutate({ kind, answers: a } as AssessmentSaveInput);

  useEffect(() => {
    if (member) setEarlier(storedAnswers(kind));
  }, [member, kind]);

  return {
    member,
    /** Signed in (a member or not yet approved). */
    signedIn: !!session?.viewer,
    answers,
    round,
    earlier,
    save,
    resultRef,
    /** The form is done: show the result, save it (member) or keep it in this browser (visitor). */
    finish(done: AnswersOf[K]) {
      setAnswers(done);
      if (member) saveAnswers(done);
      else storeAnswers(kind, done);
      window.scrollTo({ top: 0 });
      requestAnimationFrame(() => resultRef.current?.focus());
    },
    /** Back to a fresh form. */
    retake() {
      save.reset();
      setAnswers(null);
      setRound((r) => r + 1);
      window.scrollTo({ top: 0 });
    },
    /** Shows and saves the answers kept from before signing in. */
    saveEarlier() {
      if (!earlier) return;
      setAnswers(earlier);
      saveAnswers(earlier);
    },
    /** Tries saving the shown answers again. */
    saveAgain() {
      if (answers) saveAnswers(answers);
    },
  };
}
