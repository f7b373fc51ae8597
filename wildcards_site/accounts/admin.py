from django.contrib import admin

from wildcards_site.accounts.models import Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "display_name", "language", "time_zone", "email_digest")
    search_fields = ("user__username", "user__email", "display_name")
    list_filter = ("language", "email_digest")
    exclude = ("login_token_hash", "login_token_created")
