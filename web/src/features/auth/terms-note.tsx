/** The terms and privacy note under the sign-up forms (docs/product.md §2). */
export function TermsNote({ action = 'continuing' }: { action?: string }) {
  return (
    <p className="terms-note">
      By {action}, you agree to our <strong>Terms of Service</strong> and <strong>Privacy Policy</strong>.
    </p>
  );
}
