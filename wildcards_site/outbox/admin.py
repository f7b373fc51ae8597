from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from wildcards_site.outbox.models import OutboxMessage


@admin.register(OutboxMessage)
class OutboxMessageAdmin(admin.ModelAdmin):
    list_display = ("key", "to", "subject_or_event", "status", "attempts", "created_at", "sent_at")
    list_filter = ("status",)
    search_fields = ("key", "to", "subject", "provider_message_id")
    readonly_fields = [field.name for field in OutboxMessage._meta.fields]

    def has_add_permission(self, request) -> bool:
        # Mail is written by the services with its recipe and schedule; a row made here had
        # neither (and every field is read-only), so saving it failed.
        return False

    @admin.display(description=_("subject"))
    def subject_or_event(self, row: OutboxMessage) -> str:
        # A recipe row has no subject until the worker renders it.
        if row.subject or not row.recipe:
            return row.subject
        return _("(to be rendered: %(event)s)") % {"event": row.recipe.get("event", row.recipe.get("builder", "?"))}
