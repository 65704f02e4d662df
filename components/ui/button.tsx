import type { ButtonHTMLAttributes } from "react";
import { cn } from "./cn";

type Variant = "primary" | "secondary" | "ghost" | "danger";
type Size = "sm" | "md" | "lg";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-brand text-white hover:bg-brand-strong disabled:bg-brand/50",
  secondary: "bg-card text-ink border border-line hover:bg-paper disabled:text-muted",
  ghost: "bg-transparent text-ink hover:bg-black/5 disabled:text-muted",
  danger: "bg-danger text-white hover:bg-red-800 disabled:bg-danger/50",
};
const SIZES: Record<Size, string> = { sm: "h-8 px-3 text-sm", md: "h-10 px-4", lg: "h-12 px-6 text-lg" };

/** Class names of a button, for links styled as buttons. */
export function buttonClass(variant: Variant = "primary", size: Size = "md", extra?: string): string {
  return cn(
    // Fixed heights: a label never wraps inside one, and a row squeezes its text, not its buttons.
    "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg font-medium no-underline transition-colors disabled:cursor-not-allowed",
    VARIANTS[variant],
    SIZES[size],
    extra,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
}

/** A button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant, size, className, type = "button", ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}
