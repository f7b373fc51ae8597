from django.contrib import admin

from games.bymail.models import InboundMail


@admin.register(InboundMail)
class InboundMailAdmin(admin.ModelAdmin):
    list_display = ("received_at", "sender", "game", "seat", "outcome", "subject")
    list_filter = ("outcome",)
    search_fields = ("message_id", "sender", "subject")
    readonly_fields = [field.name for field in InboundMail._meta.fields]
