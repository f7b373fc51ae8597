from django.contrib import admin

from wildcards_site.health.models import Heartbeat


@admin.register(Heartbeat)
class HeartbeatAdmin(admin.ModelAdmin):
    list_display = ("name", "last_seen", "hostname")
