from django.contrib import admin

from games.models import TableMessage


@admin.register(TableMessage)
class TableMessageAdmin(admin.ModelAdmin):
    """Table talk, for moderation: staff read and delete lines; nobody edits what a player wrote."""

    list_display = ("created_at", "game", "user", "text")
    search_fields = ("text", "user__username", "user__email")
    list_select_related = ("game", "user")
    readonly_fields = [field.name for field in TableMessage._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False
