"use client";

import { useState } from "react";
import { ConsoleApiError, errorMessage } from "./api";

/**
 * A console form's request state: `submit(work)` marks it busy, clears the last errors, runs the
 * request and turns a failure into the form's message and its per-field errors.
 */
export function useSubmission() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const submit = async (work: () => Promise<void>) => {
    setBusy(true);
    setFields({});
    setError(null);
    try {
      await work();
    } catch (err) {
      if (err instanceof ConsoleApiError) setFields(err.fields);
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, fields, submit };
}
