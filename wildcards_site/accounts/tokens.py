from django.contrib.auth.tokens import PasswordResetTokenGenerator


class EmailVerificationTokenGenerator(PasswordResetTokenGenerator):
    """Tokens for the address confirmation link.

    The hash covers the account's active flag and address, so a link stops
    working once the account is confirmed or its address changes; expiry is
    PASSWORD_RESET_TIMEOUT, like Django's reset tokens.
    """

    key_salt = "wildcards_site.accounts.tokens.EmailVerificationTokenGenerator"

    def _make_hash_value(self, user, timestamp):
        return f"{user.pk}{user.is_active}{user.email}{user.password}{timestamp}"


email_verification_token = EmailVerificationTokenGenerator()
