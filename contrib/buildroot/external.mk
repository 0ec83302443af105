include $(BR2_EXTERNAL_BENCHBOX_PATH)/benchbox/benchbox.mk
