from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from wildcards_site.accounts.models import Profile


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_profile(sender, instance, created, raw=False, **kwargs):
    # Every account has a profile, however it was made (sign-up, admin, createsuperuser).
    if created and not raw:
        Profile.objects.get_or_create(user=instance)
