from django.contrib import admin

from wildcards_site.outbox.models import OutboxMessage


@admin.register(OutboxMessage)
class OutboxMessageAdmin(admin.ModelAdmin):
    list_display = ("key", "to", "subject", "status", "attempts", "created_at", "sent_at")
    list_filter = ("status",)
    search_fields = ("key", "to", "subject", "provider_message_id")
    readonly_fields = [field.name for field in OutboxMessage._meta.fields]
